//! What crosses between the store and either database: one `Value` a cell, read into and
//! written from domain types by [`FromValue`] and [`ToValue`]. The two engines spell their
//! types differently; the store speaks only these.

use std::error::Error as StdError;

/// One cell or parameter. Booleans are integers 0 and 1, as SQLite keeps them.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// SQL's NULL.
    Null,
    /// An integer (or a boolean, 0 or 1).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// Bytes.
    Blob(Vec<u8>),
}

/// Why a cell does not read back as the type asked for.
pub type Unreadable = Box<dyn StdError + Send + Sync>;

/// A type a parameter can be made of.
pub trait ToValue {
    /// The value written for it.
    fn to_value(&self) -> Value;
}

/// A type a cell can be read as.
pub trait FromValue: Sized {
    /// It, read from `value`; why not if it cannot be.
    fn from_value(value: Value) -> Result<Self, Unreadable>;
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        match value {
            Value::Null => Ok(None),
            value => T::from_value(value).map(Some),
        }
    }
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

impl FromValue for Value {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        Ok(value)
    }
}

/// Integers of every width, checked on the way back.
macro_rules! integers {
    ($($int:ty),*) => {$(
        impl ToValue for $int {
            fn to_value(&self) -> Value {
                Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
            }
        }

        impl FromValue for $int {
            fn from_value(value: Value) -> Result<Self, Unreadable> {
                let Value::Int(n) = value else {
                    return Err(format!("expected an integer, found {value:?}").into());
                };
                Ok(<$int>::try_from(n)?)
            }
        }
    )*};
}

integers!(i64, i32, i16, i8, u64, u32, u16, u8, usize);

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Int(i64::from(*self))
    }
}

impl FromValue for bool {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        match value {
            Value::Int(n) => Ok(n != 0),
            other => Err(format!("expected 0 or 1, found {other:?}").into()),
        }
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value {
        Value::Real(*self)
    }
}

impl FromValue for f64 {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        match value {
            Value::Real(x) => Ok(x),
            // SQLite hands back a whole REAL as it was written; an integer column reads too.
            Value::Int(n) => Ok(n as f64),
            other => Err(format!("expected a number, found {other:?}").into()),
        }
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Text(self.to_owned())
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl FromValue for String {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        match value {
            Value::Text(text) => Ok(text),
            other => Err(format!("expected text, found {other:?}").into()),
        }
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Value {
        Value::Blob(self.to_vec())
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value {
        Value::Blob(self.clone())
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: Value) -> Result<Self, Unreadable> {
        match value {
            Value::Blob(bytes) => Ok(bytes),
            other => Err(format!("expected bytes, found {other:?}").into()),
        }
    }
}

/// One row of a result, its cells in the order the query names them.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    cells: Vec<Value>,
}

impl Row {
    pub(super) fn new(cells: Vec<Value>) -> Row {
        Row { cells }
    }

    /// The cell at `index` as a `T`; an error naming the column if it is not one.
    pub fn get<T: FromValue>(&self, index: usize) -> super::Result<T> {
        let cell = self.cells.get(index).cloned().ok_or_else(|| {
            super::Error::Unreadable(index, format!("there is no column {index}").into())
        })?;
        T::from_value(cell).map_err(|why| super::Error::Unreadable(index, why))
    }

    /// Its cells, in order.
    pub fn into_cells(self) -> Vec<Value> {
        self.cells
    }
}
